// The README and docs/ stay navigable and short: every relative link in README.md and docs/**/*.md points at a
// file of the repository (and, with a #fragment into Markdown, at one of its headings), and README.md stays
// at most 20,000 bytes: details belong in docs/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const README_MAX_BYTES = 20_000;

/** README.md and every Markdown file under docs/, relative to `root`. */
function markdownFiles(root: string): string[] {
  const found = fs.existsSync(path.join(root, 'README.md')) ? ['README.md'] : [];
  const walk = (dir: string) => {
    if (!fs.existsSync(path.join(root, dir))) return;
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.md')) found.push(rel);
    }
  };
  walk('docs');
  return found;
}

/** The text outside fenced code blocks and inline code spans, where a link is a link. */
function proseOf(markdown: string): string {
  let fenced = false;
  const lines: string[] = [];
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (!fenced) lines.push(line.replace(/`+[^`]*`+/g, ''));
  }
  return lines.join('\n');
}

/** Inline link and image targets (`[text](target "title")`) that are not absolute URLs or mail addresses. */
function relativeLinks(markdown: string): string[] {
  const targets: string[] = [];
  for (const match of proseOf(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = match[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    targets.push(target);
  }
  return targets;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const heading of headingsOf(markdown)) anchors.add(slugOf(heading));
  return anchors;
}

function headingsOf(markdown: string): string[] {
  let fenced = false;
  const headings: string[] = [];
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced && /^#{1,6}\s/.test(line)) headings.push(line.replace(/^#{1,6}\s+/, '').replace(/`/g, ''));
  }
  return headings;
}

/** Each relative link of each Markdown file under `root` that does not resolve, as "file: target". */
function brokenLinks(root: string): string[] {
  const broken: string[] = [];
  for (const file of markdownFiles(root)) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const target of relativeLinks(text)) {
      const [rawPath = '', fragment] = target.split('#') as [string, string | undefined];
      const pathPart = decodeURIComponent(rawPath.split('?')[0]!);
      const resolved = pathPart === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart));
      if (resolved.startsWith('..')) {
        broken.push(`${file}: ${target} (outside the repository)`);
        continue;
      }
      const absolute = path.join(root, resolved);
      if (!fs.existsSync(absolute)) {
        broken.push(`${file}: ${target}`);
        continue;
      }
      if (fragment && resolved.endsWith('.md') && !anchorsOf(fs.readFileSync(absolute, 'utf8')).has(fragment.toLowerCase())) {
        broken.push(`${file}: ${target} (no heading #${fragment})`);
      }
    }
  }
  return broken;
}

describe('README.md and docs/', () => {
  it('link only to files and headings that exist', () => {
    expect(brokenLinks(ROOT)).toEqual([]);
  });

  it(`keep README.md at most ${README_MAX_BYTES.toLocaleString('en')} bytes`, () => {
    expect(fs.statSync(path.join(ROOT, 'README.md')).size).toBeLessThanOrEqual(README_MAX_BYTES);
  });
});

describe('the link check', () => {
  const dirs: string[] = [];
  const repo = (files: Record<string, string>) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-links-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('finds a link to a missing file, from the README and from a nested guide', () => {
    const dir = repo({
      'README.md': '[Guia](docs/guia.md) e [exemplo](data/catalogo-exemplo.csv)\n',
      'docs/guia.md': '# Guia\n[Decisão](decisions/001-x.md) e [volta](../README.md)\n',
    });
    expect(brokenLinks(dir)).toEqual(['README.md: data/catalogo-exemplo.csv', 'docs/guia.md: decisions/001-x.md']);
  });

  it('finds a fragment that names no heading, and accepts one that does', () => {
    const dir = repo({
      'README.md': '[ok](docs/api.md#cors-and-other-front-ends) [quebrado](docs/api.md#nada) [aqui](#comandos)\n# Comandos\n',
      'docs/api.md': '# API\n## CORS and other front ends\n',
    });
    expect(brokenLinks(dir)).toEqual(['README.md: docs/api.md#nada (no heading #nada)']);
  });

  it('ignores absolute URLs, mail addresses and links inside code', () => {
    const dir = repo({
      'README.md': '[pg-boss](https://github.com/timgit/pg-boss) [mail](mailto:a@b.c) `[x](nada.md)`\n```\n[y](nada.md)\n```\n',
    });
    expect(brokenLinks(dir)).toEqual([]);
  });
});
