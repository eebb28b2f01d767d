// Files people upload (product photos today), kept under DATA_DIR/uploads/<kind>/ with random names and
// served back by the HTTP edge at /uploads/<kind>/<name>. Nothing here trusts a file name from outside.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export const UPLOAD_KINDS = ['produtos'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
/** 32 hex characters and our own extension: the only names ever written or served. */
export const UPLOAD_NAME = /^[a-f0-9]{32}\.webp$/;

export interface UploadStore {
  save(kind: UploadKind, data: Buffer, ext: 'webp'): Promise<{ name: string; url: string }>;
  /** The file's path on disk, or null when the name is not one we could have written. */
  pathOf(kind: string, name: string): string | null;
  remove(kind: UploadKind, name: string): Promise<void>;
}

export function createUploadStore(dir: string): UploadStore {
  const root = path.resolve(dir);
  const valid = (kind: string, name: string) => (UPLOAD_KINDS as readonly string[]).includes(kind) && UPLOAD_NAME.test(name);
  return {
    async save(kind, data, ext) {
      const name = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
      const folder = path.join(root, kind);
      await fs.mkdir(folder, { recursive: true });
      await fs.writeFile(path.join(folder, name), data, { flag: 'wx' });
      return { name, url: `/uploads/${kind}/${name}` };
    },
    pathOf(kind, name) {
      return valid(kind, name) ? path.join(root, kind, name) : null;
    },
    async remove(kind, name) {
      if (valid(kind, name)) await fs.rm(path.join(root, kind, name), { force: true });
    },
  };
}
