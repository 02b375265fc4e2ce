import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/*
 * What a start leaves in memory (decision 269). `cli.ts` imports this module before it loads the server;
 * V8 reads the flags set here each time it decides, so they hold while the server loads and starts, and
 * {@link startupHeapDone} gives V8 its defaults back for the load the server then serves.
 * - The young generation: V8 doubles its semi-spaces (from 1 up to 16 MiB each) whenever more has survived
 *   its collections since the last growth than they hold. What a start allocates mostly survives — modules,
 *   compiled code, the API descriptions — so V8 read the start as a load that needs the largest young
 *   generation and grew it to 2 × 16 MiB, which stayed resident at idle until its memory reducer shrank it
 *   minutes later. A growth factor of 1 grows nothing.
 * - TurboFan: what a start runs hot (parsing the API descriptions, checking them, migrations) it optimised on
 *   V8's background threads, whose compilation memory stayed with their malloc arenas, some 8–16 MiB. A start
 *   runs that code once: the interpreter and Sparkplug do.
 * - The old generation: what did not survive the start was promoted meanwhile, so it ends a start a third
 *   empty between its live objects. Two full collections compact it before the server listens: the first
 *   finds what is free in each page, the second moves the live objects out of the emptiest and frees them.
 */
setFlagsFromString('--semi-space-growth-factor=1');
setFlagsFromString('--no-turbofan');

/** V8's own `--semi-space-growth-factor`. */
const V8_GROWTH_FACTOR = 2;

/** The server is built: compact what the start left, and give V8 its young generation's growth and TurboFan back. */
export function startupHeapDone(): void {
  // V8 gives the `gc` function to contexts made while the flag is on: to this one only
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  collect();
  collect();
  setFlagsFromString(`--semi-space-growth-factor=${V8_GROWTH_FACTOR}`);
  setFlagsFromString('--turbofan');
}
