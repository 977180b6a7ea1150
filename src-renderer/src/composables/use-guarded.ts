import { ref } from 'vue'
import { errorText } from '../stores/error-text'

/**
 * A screen's one rule for work that calls the engine: while it runs `busy` is true (buttons wait),
 * a failure becomes `error` in the user's words (`errorText`) instead of an unhandled rejection,
 * and `busy` is reset even when the work fails, so a refusal never leaves the screen stuck.
 * `onStart` clears a screen's own leftovers (a "saved" notice, an old result) as each run begins.
 */
export function useGuarded(options: { onStart?: () => void } = {}) {
  const busy = ref(false)
  const error = ref<string | null>(null)

  async function guard(work: () => Promise<unknown>): Promise<void> {
    busy.value = true
    error.value = null
    options.onStart?.()
    try {
      await work()
    } catch (err) {
      error.value = errorText(err)
    } finally {
      busy.value = false
    }
  }

  return { busy, error, guard }
}
