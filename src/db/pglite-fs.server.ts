// PGlite's data folder on disk, with file sizes remembered between changes.
//
// PostgreSQL asks a relation file's size (lseek to its end: `mdnblocks`) whenever it plans a query over that
// table or index and whenever a sequential or bitmap scan starts. PGlite runs PostgreSQL on Emscripten's
// NODEFS, which answers each of those seeks with a real `fs.fstatSync`: a system call plus a Stats object,
// 16 to 46 per page render, and about 5 % of an uncached product page's CPU in a profile (bench/NOTES.md).
//
// In this process nothing changes a file's size except PostgreSQL itself, through the same NODEFS calls (one
// process per data folder is enforced by client.server.ts's lock). So the size is read once and kept until
// the file is written, truncated or opened again; the next seek to the end asks the disk afresh. Every other
// call is NODEFS's own.
import { NodeFS } from '@electric-sql/pglite/nodefs';

interface FsNode {
  mode: number;
}
interface FsStream {
  node: FsNode;
}
interface NodeFsOps {
  stream_ops: {
    open(stream: FsStream): void;
    write(stream: FsStream, ...rest: unknown[]): number;
    llseek(stream: FsStream, offset: number, whence: number): number;
    setattr?(stream: FsStream, attr: { size?: number }): void;
  };
  node_ops: {
    setattr(node: FsNode, attr: { size?: number }): void;
  };
}
interface EmscriptenModule {
  NODEFS: NodeFsOps;
  FS: { isFile(mode: number): boolean };
}
type InitOptions = Parameters<NodeFS['init']>[1];

const SEEK_END = 2;

/**
 * NODEFS's operations as of PGlite 0.5: of these only write and setattr (and open with O_TRUNC, through
 * setattr) change a file's size. A NODEFS with any other operation (an `allocate`, say) is left as it is.
 */
const KNOWN_STREAM_OPS = new Set(['getattr', 'setattr', 'open', 'close', 'dup', 'read', 'write', 'llseek', 'mmap', 'msync']);
const KNOWN_NODE_OPS = new Set(['getattr', 'setattr', 'lookup', 'mknod', 'rename', 'unlink', 'rmdir', 'readdir', 'symlink', 'readlink', 'statfs']);

/**
 * Wraps one Emscripten module's NODEFS (each PGlite instance has its own): seeks to a file's end use the size
 * read at the last such seek, until a write, truncate or open of that file forgets it. Returns false, and
 * changes nothing, when NODEFS has operations this does not know.
 */
export function rememberFileSizes(mod: EmscriptenModule): boolean {
  const { NODEFS, FS } = mod;
  const known = (ops: object, names: Set<string>) => Object.keys(ops).every((name) => names.has(name));
  if (!known(NODEFS.stream_ops, KNOWN_STREAM_OPS) || !known(NODEFS.node_ops, KNOWN_NODE_OPS)) return false;
  const sizes = new WeakMap<FsNode, number>();
  const ops = NODEFS.stream_ops;
  const { open, write, llseek, setattr: streamSetattr } = ops;
  const nodeSetattr = NODEFS.node_ops.setattr;
  ops.open = function (stream) {
    // Opening with O_TRUNC goes through node_ops.setattr; forgetting here too means a file's size is only
    // ever remembered while some stream has it open.
    sizes.delete(stream.node);
    return open.call(this, stream);
  };
  ops.write = function (stream, ...rest) {
    sizes.delete(stream.node);
    return write.call(this, stream, ...rest);
  };
  if (streamSetattr) {
    ops.setattr = function (stream, attr) {
      sizes.delete(stream.node);
      return streamSetattr.call(this, stream, attr);
    };
  }
  NODEFS.node_ops.setattr = function (node, attr) {
    sizes.delete(node);
    return nodeSetattr.call(this, node, attr);
  };
  ops.llseek = function (stream, offset, whence) {
    if (whence !== SEEK_END || !FS.isFile(stream.node.mode)) return llseek.call(this, stream, offset, whence);
    let size = sizes.get(stream.node);
    if (size === undefined) {
      // NODEFS's own answer to "seek 0 from the end" is the size, read from the disk.
      size = llseek.call(this, stream, 0, SEEK_END);
      sizes.set(stream.node, size);
    }
    return llseek.call(this, stream, size + offset, 0);
  };
  return true;
}

/** NODEFS on a folder, with rememberFileSizes applied before PostgreSQL starts. */
export class SizeCachingNodeFS extends NodeFS {
  override async init(pg: Parameters<NodeFS['init']>[0], opts: InitOptions) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [...((emscriptenOpts.preRun ?? []) as ((mod: EmscriptenModule) => void)[]), (mod: EmscriptenModule) => rememberFileSizes(mod)];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } as InitOptions };
  }
}
