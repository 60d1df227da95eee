// An esbuild plugin for browser bundles: a Node built-in reaching one is a build error naming
// the importer, rather than a bundle that fails in the page.
import { builtinModules } from 'node:module';

const builtins = new Set(builtinModules);

export const noNodeBuiltins = {
  name: 'no-node-builtins',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (!args.path.startsWith('node:') && !builtins.has(args.path)) return undefined;
      return { errors: [{ text: `the Node built-in "${args.path}" (imported by ${args.importer}) cannot go into a browser bundle` }] };
    });
  },
};
