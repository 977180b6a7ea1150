import { defineStore } from 'pinia'
import type { AppInfo, AppSettingsView, SettingsPatch } from '../../../src-main/contract/ipc'
import { getApi } from '../api'

export const useSettingsStore = defineStore('settings', {
  state: () => ({
    settings: null as AppSettingsView | null,
    info: null as AppInfo | null,
  }),
  getters: {
    /** SANDBOX is shown whenever the embedded sandbox answers, whatever screen is open. */
    sandbox(state): boolean {
      return state.settings?.sandbox ?? state.info?.sandbox ?? false
    },
  },
  actions: {
    async load() {
      const api = getApi()
      const [info, settings] = await Promise.all([api.app.info({}), api.settings.get({})])
      this.info = info
      this.settings = settings
    },
    async save(patch: SettingsPatch) {
      this.settings = await getApi().settings.save(patch)
    },
    async setKey(key: string) {
      this.settings = await getApi().settings.setKey({ key })
    },
    async clearKey() {
      this.settings = await getApi().settings.clearKey({})
    },
    /** team mode: kept encrypted like the key (desktop); the page never gets it back */
    async setTeamPassword(password: string) {
      this.settings = await getApi().settings.setTeamPassword({ password })
    },
    async clearTeamPassword() {
      this.settings = await getApi().settings.clearTeamPassword({})
    },
    /** the address as typed ('' = the embedded sandbox): the key goes only where it is confirmed */
    testConnection(baseUrl: string) {
      return getApi().settings.testConnection({ baseUrl })
    },
  },
})
