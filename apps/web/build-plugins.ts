/**
 * Two steps at the end of every production build (`vite build`, so also the build `npm test` makes before its
 * browser tests):
 *
 * 1. The first-screen budget: the sign-in page loads what index.html names (its entry script, the modules it
 *    preloads, its stylesheets); gzipped, together, at most FIRST_SCREEN_BUDGET bytes. The build fails when they
 *    grow past it, naming the largest files, so the next import that drags a library into the first screen is
 *    caught where it is made (lazy-load it instead: app/router.tsx, app/routes.tsx).
 * 2. Precompression: every text file of the build gets a `.gz` (gzip -9) and a `.br` (brotli) beside it, which the
 *    server sends to browsers that accept them (apps/server/src/app.ts, @fastify/static's preCompressed).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** 250 KB of gzipped JavaScript and CSS before the sign-in form appears (issue 32). */
export const FIRST_SCREEN_BUDGET = 250 * 1024;

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
/** Smaller files gain little and cost a request header either way. */
const MIN_BYTES = 1024;

export interface FirstScreenFile {
  file: string;
  gzipBytes: number;
}

/** The scripts, preloaded modules and stylesheets index.html makes the browser fetch before anything renders. */
export function firstScreenFiles(indexHtml: string): string[] {
  const files = new Set<string>();
  const tag = /<(script|link)\b[^>]*>/g;
  for (const match of indexHtml.matchAll(tag)) {
    const element = match[0];
    const source = /\s(?:src|href)="([^"]+)"/.exec(element)?.[1];
    if (!source || !/\.(js|css)$/.test(source)) continue;
    const isScript = match[1] === 'script' && /type="module"/.test(element);
    const isPreload = /rel="(modulepreload|stylesheet)"/.test(element);
    if (isScript || isPreload) files.add(source);
  }
  return [...files];
}

/** Gzipped size of each first-screen file in `outDir`, and their sum. */
export function firstScreenWeight(outDir: string): { total: number; files: FirstScreenFile[] } {
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const files = firstScreenFiles(html).map((file) => ({
    file, gzipBytes: gzipSync(readFileSync(path.join(outDir, file.replace(/^\//, ''))), { level: 9 }).length,
  }));
  return { total: files.reduce((sum, file) => sum + file.gzipBytes, 0), files };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function firstScreenBudget(budget = FIRST_SCREEN_BUDGET): Plugin {
  let outDir = '';
  return {
    name: 'lis-first-screen-budget',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'pre',
      handler() {
        const { total, files } = firstScreenWeight(outDir);
        const largest = [...files].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 6).map((item) => `${item.file} ${kb(item.gzipBytes)}`);
        if (total > budget) {
          throw new Error(`The sign-in page loads ${kb(total)} of gzipped JavaScript and CSS, over its budget of ${kb(budget)} `
            + `(build-plugins.ts). Largest: ${largest.join(', ')}. Load what the sign-in page does not draw lazily.`);
        }
        this.info?.(`first screen: ${kb(total)} gzipped JS+CSS in ${files.length} files (budget ${kb(budget)})`);
      },
    },
  };
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'lis-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const gzipAsync = promisify(gzip);
      const brotliAsync = promisify(brotliCompress);
      // Brotli quality 10, not 11: within 2 % of its size at less than half the build time on a 2-core machine.
      await Promise.all(Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name)).map(async (name) => {
        const full = path.join(outDir, name);
        const bytes = readFileSync(full);
        if (bytes.length < MIN_BYTES) return;
        const [gzipped, brotli] = await Promise.all([
          gzipAsync(bytes, { level: 9 }),
          brotliAsync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        ]);
        writeFileSync(`${full}.gz`, gzipped);
        writeFileSync(`${full}.br`, brotli);
      }));
    },
  };
}
