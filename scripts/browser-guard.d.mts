// Types for browser-guard.mjs, which the build script runs as plain JavaScript.
import type { Plugin } from 'esbuild';

export declare const noNodeBuiltins: Plugin;
