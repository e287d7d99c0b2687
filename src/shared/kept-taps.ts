/**
 * The taps src/app/boot.js keeps until the store's flows run go with a reload the store makes itself, when it is
 * announced first (boot.js, job 5; docs/prerendering.md, "No tap is lost"): the reloaded page replays them.
 */
export function carryKeptTapsAcrossReload(): void {
  (window as { __carryKeptTaps?: () => void }).__carryKeptTaps?.();
}
