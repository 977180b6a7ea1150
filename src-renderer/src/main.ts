import { createApp } from 'vue'
import { createPinia } from 'pinia'
import App from './App.vue'
import { createAppI18n } from './i18n'
import './styles/app.css'

const app = createApp(App)
app.use(createPinia())
// Start in the OS language; App.vue switches to the saved choice once settings have loaded.
app.use(createAppI18n())
app.mount('#app')
