import { fileURLToPath } from 'node:url';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const webRoot = fileURLToPath(new URL('./web', import.meta.url));
const backend = 'http://127.0.0.1:8080';

/** The chunk files `fileName` needs: itself and its static imports, transitively. */
function staticClosure(bundle: Rollup.OutputBundle, fileName: string, into = new Set<string>()): Set<string> {
  if (into.has(fileName)) return into;
  into.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const imported of chunk.imports) staticClosure(bundle, imported, into);
  return into;
}

/**
 * `preloadApp('src/main.tsx')`: the page's entry (`src/boot.ts`) is small and imports
 * the app itself (`src/main.tsx`) dynamically, after starting the current route's data and chunks. This
 * adds a `<link rel="modulepreload">` to index.html for the app's chunk and every chunk it imports
 * statically (antd, React, the router: what every page needs), minus what the entry loads already, so
 * that they download from the first byte of the page instead of after the entry has run.
 */
function preloadApp(appModule: string): Plugin {
  return {
    name: 'vigie:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx): HtmlTagDescriptor[] | undefined {
        const { bundle, chunk: entry } = ctx;
        if (!bundle || !entry) return undefined;
        const app = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(appModule));
        if (!app) throw new Error(`preloadApp: no chunk for ${appModule}`);
        const already = staticClosure(bundle, entry.fileName);
        return [...staticClosure(bundle, app.fileName)]
          .filter((file) => !already.has(file))
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' }));
      },
    },
  };
}

/**
 * Vite configuration of the back-office front end.
 * The app lives in `web/` and is built to `web/dist` (served by the Fastify server in production);
 * in development the server's routes (`/api`, `/avatars`, `/healthz`) are proxied to it.
 * The build also writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy of every text file
 * (js, css, html, svg, json) that compression makes smaller; the server sends them to the browsers that
 * accept them (`preCompressed`). index.html preloads the app's code (`preloadApp`),
 * which its small entry (`src/boot.ts`) imports once it has started the current page's data and chunks.
 */
export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    preloadApp('src/main.tsx'),
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|mjs|css|html|svg|json)$/, logLevel: 'silent' }),
  ],
  build: {
    // VIGIE_WEB_DIST: another folder, served by the server given the same variable (server/app.ts).
    outDir: process.env.VIGIE_WEB_DIST ?? fileURLToPath(new URL('./web/dist', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/avatars': { target: backend, changeOrigin: false },
      '/healthz': { target: backend, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/avatars': { target: backend, changeOrigin: false },
      '/healthz': { target: backend, changeOrigin: false },
    },
  },
});
