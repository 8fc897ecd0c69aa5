/**
 * The error a promise rejects with; throws when it resolves instead.
 *
 * Used in place of `expect(promise).rejects`, which in Bun 1.4 waits about two seconds before settling
 * when the rejection comes from embedded PGlite on the loopback socket (measured: 2 s vs 5 ms with
 * try/catch), and pushed a schema test over the 5 s test timeout on a slower CI machine.
 */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the promise to reject, but it resolved')
}
