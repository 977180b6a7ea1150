/**
 * What a file-level rig (useAppPage, useSandboxEngine, useTeamWithSandbox) hands a test once its
 * beforeAll has started it; a clear error instead of `undefined` where that beforeAll failed.
 */
export function started<T>(value: T | undefined, rig: string, what: string): T {
  if (value === undefined) throw new Error(`${rig}: the ${what} is not started (beforeAll failed or has not run)`)
  return value
}
