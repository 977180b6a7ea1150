import { defineStore } from 'pinia'
import type { CommandInput, JobSummaryView, Lang, ProgressView, RowView } from '../../../src-main/contract/ipc'
import { getApi } from '../api'
import { useProgressStore } from './progress'

type RowFilter = NonNullable<CommandInput<'jobs.rows'>['filter']>
export type ExportResult = { path: string; fileName: string; downloadUrl: string | null }

/** The job list (history) and every command that acts on one job. */
export const useJobsStore = defineStore('jobs', {
  state: () => ({
    list: [] as JobSummaryView[],
    loaded: false,
    listening: false,
  }),
  getters: {
    interrupted: (state) => state.list.filter((j) => j.interrupted),
  },
  actions: {
    async refresh() {
      this.list = await getApi().jobs.list({})
      this.loaded = true
    },
    listen() {
      if (this.listening) return
      this.listening = true
      // The list is small; one refresh per burst of changes is plenty.
      let timer: ReturnType<typeof setTimeout> | null = null
      getApi().events.on('jobs.changed', () => {
        if (timer) return
        timer = setTimeout(() => {
          timer = null
          void this.refresh().catch(() => undefined)
        }, 300)
      })
    },
    async act(
      action: 'start' | 'pause' | 'resume' | 'cancel' | 'retryFailed' | 'resendUncertain',
      jobId: string,
      budgetRp?: number | null,
    ): Promise<ProgressView> {
      const jobs = getApi().jobs
      const p =
        action === 'start'
          ? await jobs.start(budgetRp === undefined ? { jobId } : { jobId, budgetRp })
          : await jobs[action]({ jobId })
      useProgressStore().put(p)
      void this.refresh().catch(() => undefined)
      return p
    },
    rows(jobId: string, offset: number, limit: number, filter: RowFilter): Promise<{ total: number; rows: RowView[] }> {
      return getApi().jobs.rows({ jobId, offset, limit, filter })
    },
    photo(jobId: string, rowNo: number, which: 'image1' | 'image2') {
      return getApi().jobs.photo({ jobId, rowNo, which })
    },
    exportJob(jobId: string, format: 'xlsx' | 'csv', lang: Lang): Promise<ExportResult> {
      return getApi().jobs.export({ jobId, format, lang })
    },
    topupSandbox(points: number) {
      return getApi().sandbox.topup({ points })
    },
  },
})
