/** Current time in epoch milliseconds; injected everywhere so tests control time. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
