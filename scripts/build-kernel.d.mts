/** The network kernel's module bytes, compiled from src/eval/network/kernel.as.ts. */
export function compileKernel(): Promise<Uint8Array>;
