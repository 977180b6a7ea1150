import { computed } from 'vue'
import type { JobKindView, KindView } from '../../../src-main/contract/ipc'
import { useSettingsStore } from '../stores/settings'

/**
 * The job kinds as the engine describes them (app.info): which are offered, likeliest first, and
 * what each row carries. The screens read this and never switch on a kind's name.
 */
export function useKinds() {
  const settings = useSettingsStore()
  const list = computed<KindView[]>(() => settings.info?.kinds ?? [])
  const of = (kind: JobKindView): KindView | null => list.value.find((k) => k.kind === kind) ?? null
  return { list, of }
}
