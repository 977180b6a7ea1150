/**
 * The data file this command opened, kept apart from cli-engine.ts so main.ts can name it in a
 * full disk's message without loading the engine at start-up.
 */
let opened: string | null = null

export function rememberDataFile(file: string): void {
  opened = file
}

/** null before a command opened one */
export function openedDataFile(): string | null {
  return opened
}
