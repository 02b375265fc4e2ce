/** A time as the browser's locale writes it, or a dash without one. */
export const formatTime = (epochMs: number | undefined | null) => (epochMs === undefined || epochMs === null ? '—' : new Date(epochMs).toLocaleString());
