import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import { sharedDependencies } from './shared.mjs';
import { devManifest } from './remotes.mjs';

const here = fileURLToPath(import.meta.url);
const API_PORT = Number(process.env.API_PORT ?? 8080);
/** The shared-ui every app is built against: the shell refuses a deployed remote built against another major. */
const SHARED_UI_VERSION = JSON.parse(readFileSync(new URL('../../shared-ui/package.json', import.meta.url), 'utf8')).version;

/**
 * The one webpack config every front-end app is built from.
 * @param {{ name: string, dir: string, exposes?: Record<string, string>, port: number, isHost?: boolean }} app
 *   name: federation name (mf_setup); dir: the app folder; exposes: remote modules; port: dev server port.
 */
export function createFederatedConfig({ name, dir, exposes, port, isHost = false }) {
  return (_env, argv = {}) => {
    const production = (argv.mode ?? process.env.NODE_ENV ?? 'production') === 'production';
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      // A remote's only entry is remoteEntry.js, which the federation plugin adds.
      entry: isHost ? { main: './src/index.ts' } : {},
      output: {
        path: path.join(dir, 'dist'),
        // Entry files keep plain names: the federation runtime resolves the entry file name before
        // hashes exist and fails on a hash placeholder. index.html adds a hash query instead.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        publicPath: isHost ? '/' : 'auto',
        uniqueName: name,
        clean: true,
      },
      target: 'web',
      devtool: production ? false : 'eval-cheap-module-source-map',
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        // Sources import siblings as './x.js' (Node ESM style) while the files are .ts/.tsx.
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            loader: 'esbuild-loader',
            options: { target: 'es2022', jsx: 'automatic' },
          },
          { test: /\.css$/, type: 'asset/source' },
        ],
      },
      cache: {
        type: 'filesystem',
        cacheDirectory: path.join(dir, 'node_modules', '.cache', production ? 'webpack-prod' : 'webpack-dev'),
        buildDependencies: { config: [here, path.join(path.dirname(here), 'shared.mjs'), path.join(dir, 'webpack.config.js')] },
      },
      optimization: {
        // terser, not esbuild: esbuild's minifier keeps unused functions inside a module, and
        // react-router (one large module), the icon chunks and the federation runtime are mostly that:
        // the dashboard's first paint was 39 KB gzip heavier with esbuild (issue 16). Twice the build
        // time on a cold cache; webpack's filesystem cache keeps the minified chunks between builds.
        minimizer: [new TerserPlugin({ extractComments: false, terserOptions: { ecma: 2020 } })],
        // Chunk names carry the package path (react-dom, @fluentui…), so size reports and the
        // "React loads once" test can tell the shared chunks apart.
        chunkIds: 'named',
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      infrastructureLogging: { level: 'warn' },
      plugins: [
        new webpack.DefinePlugin({ __SHARED_UI_VERSION__: JSON.stringify(SHARED_UI_VERSION) }),
        // A deployment's label (scripts/deploy-remote.mjs --label) heads its files, so a rebuild
        // with only a new label is a new version of the remote.
        ...(process.env.OA_BUILD_LABEL ? [new webpack.BannerPlugin({ banner: `${name} ${process.env.OA_BUILD_LABEL.replace(/\*\//g, '')}`, test: /\.js$/ })] : []),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes: exposes ?? {},
          shared: sharedDependencies(),
          // Remotes are registered at runtime from /mf-manifest.json (served by the API), so no
          // build-time remotes, no generated manifest to shadow it, and no type generation.
          manifest: false,
          dts: false,
          // The host provides the federation runtime once; remotes use it instead of each
          // shipping their own copy in remoteEntry.js.
          experiments: isHost ? { provideExternalRuntime: true } : { externalRuntime: true },
        }),
        ...(isHost ? [new HtmlWebpackPlugin({ template: './public/index.html', inject: 'body', scriptLoading: 'defer', hash: production })] : []),
      ],
      devServer: {
        port,
        hot: false,
        liveReload: true,
        historyApiFallback: isHost,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { warnings: false, errors: true } },
        ...(isHost
          ? {
              proxy: [{ context: ['/api'], target: `http://localhost:${API_PORT}` }],
              setupMiddlewares(middlewares) {
                middlewares.unshift({ name: 'mf-manifest', path: '/mf-manifest.json', middleware: (_req, res) => {
                  res.setHeader('Content-Type', 'application/json');
                  res.end(JSON.stringify(devManifest()));
                } });
                return middlewares;
              },
            }
          : {}),
      },
    };
  };
}
