/**
 * A phone number nobody else in this run uses: in live mode every test
 * shares one API server, so users (and the one-code-per-60-s SMS rule) are
 * kept apart by phone rather than by resetting the server under a parallel
 * test. 11 digits starting with 1, as the simulated backend requires.
 */
let counter = 0;

export function uniquePhone(workerIndex: number): string {
  counter += 1;
  const time = String(Date.now()).slice(-5);
  const worker = String(workerIndex % 10);
  const seq = String(counter % 1000).padStart(3, '0');
  return `13${time}${worker}${seq}`;
}
