import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes `<file>.br` and `<file>.gz` next to every text asset of the build, so the gateway sends them
 * as they are (@fastify/static `preCompressed`) instead of compressing on each request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  let ssr = false;
  return {
    name: 'limo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      // The server build (dist/.ssr, read by the gateway) is never sent to a browser.
      if (ssr) return;
      for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(js|css|svg|json|txt|webmanifest)$/.test(entry.name)) continue;
        const file = join(entry.parentPath, entry.name);
        const data = await readFile(file);
        if (data.length < 1024) continue;
        await writeFile(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        );
        await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/** Chakra's `createSystem` (3.37), whose global styles this build computes on first use instead of at once. */
const CHAKRA_SYSTEM_MODULE = /@chakra-ui\/react\/dist\/esm\/styled-system\/system\.js$/;
const EAGER_GLOBALS = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const GLOBALS_FIELD = '    _global,\n';

/**
 * Makes the `_global` field of Chakra's system a getter computed on first read. `createSystem` builds
 * the reset, the global rules and every token's CSS variable as style objects when the system is made:
 * over half of its time (Node: 12.5 of 23.6 ms; ~80 ms of a phone's main thread at CPU 4×). A page the
 * server rendered has those rules in its <head> already and never reads them (`themeSystemForServedPage`),
 * so the work is skipped there; a page rendered in the browser reads them when ChakraProvider mounts, as
 * before. Fails the build when Chakra's code no longer reads as expected, rather than patching it wrongly.
 */
function lazyChakraGlobals(): Plugin {
  return {
    name: 'limo-lazy-chakra-globals',
    apply: 'build',
    transform(code, id) {
      if (!CHAKRA_SYSTEM_MODULE.test(id)) return null;
      if (!code.includes(EAGER_GLOBALS) || !code.includes(GLOBALS_FIELD)) {
        throw new Error(`${id}: Chakra's createSystem changed; review lazyChakraGlobals in web/vite.config.ts`);
      }
      // Same lines, so the module keeps its place in the source map (Rollup: `map: null` keeps the mappings).
      const lazy = code
        .replace(EAGER_GLOBALS, 'let _globalStyles;')
        .replace(GLOBALS_FIELD, '    get _global() { return (_globalStyles ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]); },\n');
      return { code: lazy, map: null };
    },
  };
}

/** Where the gateway reads which chunk holds each route module (`routeChunks`). */
const ROUTE_CHUNKS_FILE = '.vite/route-chunks.json';

/**
 * Writes ROUTE_CHUNKS_FILE: each page module of src/pages/ (a route's lazy screen) and the file of the
 * chunk that holds it. Vite's manifest names a chunk by its module only when the chunk has one: merged
 * chunks (experimentalMinChunkSize below put the city and state pages in one) have none. The gateway
 * preloads the chunk of the page it serves, so a phone fetches it beside the entry script instead of
 * after it (services/gateway/src/preload.ts).
 */
function routeChunks(): Plugin {
  let pages = '';
  let ssr = false;
  return {
    name: 'limo-route-chunks',
    apply: 'build',
    configResolved(config) {
      pages = join(config.root, 'src', 'pages') + '/';
      ssr = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (ssr) return;
      const chunks: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || !output.isDynamicEntry) continue;
        for (const id of output.moduleIds) {
          if (id.startsWith(pages) && !id.slice(pages.length).includes('/'))
            chunks[`src/pages/${id.slice(pages.length)}`] = output.fileName;
        }
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_CHUNKS_FILE, source: `${JSON.stringify(chunks, null, 2)}\n` });
    },
  };
}

/** The module the browser entry (src/main.tsx) imports once the served page is painted: the app itself. */
const APP_MODULE = 'src/start.tsx';

/**
 * `<link rel="modulepreload">` in index.html for the app's chunk (APP_MODULE) and the chunks it imports:
 * the browser fetches them with the entry script, and evaluates them only when main.tsx asks, after the
 * first paint. (Vite preloads an entry's static imports only.) The gateway and scripts/bundle-size.ts
 * count these chunks as the first download, with the entry.
 */
function preloadApp(): Plugin {
  let root = '';
  return {
    name: 'limo-preload-app',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        // Rollup may merge a small lazy screen into the app's chunk, which then has no facade module.
        const app = chunks.find((c) => c.moduleIds.includes(join(root, APP_MODULE)));
        if (!app) throw new Error(`no chunk for ${APP_MODULE} in the build`);
        const files = new Set<string>();
        const add = (file: string) => {
          if (files.has(file) || file === entry.fileName || entry.imports.includes(file)) return;
          files.add(file);
          for (const dep of chunks.find((c) => c.fileName === file)?.imports ?? []) add(dep);
        };
        add(app.fileName);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/** React Router's production build, found next to the package Node resolves for the web app. */
function routerProductionBuild(file: string): string {
  return join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production', file);
}

export default defineConfig(({ command }) => ({
  plugins: [react(), lazyChakraGlobals(), routeChunks(), preloadApp(), precompress()],
  resolve: {
    alias: [
      // The shared zod schemas are compiled from source, so the web build needs no prior `tsc -b`.
      { find: '@limo/contracts', replacement: fileURLToPath(new URL('../packages/contracts/src/index.ts', import.meta.url)) },
      // React Router's package exports only its development build (dev warnings on); a build takes its
      // production one, the same code with the warnings off (smaller, and no checks on each render).
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: routerProductionBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: routerProductionBuild('dom-export.mjs') },
          ]
        : []),
    ],
  },
  // The server build of the home page (`vite build --ssr src/entry-server.tsx`) is self-contained, so the
  // gateway runs it without the web app's node_modules.
  ssr: { noExternal: true },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/healthz': 'http://127.0.0.1:8080' } },
  // The manifest lets scripts/bundle-size.ts measure each route's first download against its budget.
  // Tiny shared chunks (an icon, a recipe) are merged into their importers: on a phone each extra
  // file of a route costs a round trip. Not up to 20 KB: Rollup then merged the account pages' client,
  // the payment helpers and Zag's form utilities (~3 KB brotli) into the app's chunk, which every
  // first visit downloads.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 1000,
    rollupOptions: { output: { experimentalMinChunkSize: 4_000 } },
  },
}));
