// What both entry points export: the game, the engine class and the data shapes.

export { DraughtsGame } from './game.ts';
export { type BookOptions, DraughtsEngine, type EngineOptions, type Search, type SearchOptions } from './engine.ts';
export { DamkaError, type DamkaErrorCode } from './errors.ts';
export { variants } from './variants.ts';
export type * from './types.ts';
