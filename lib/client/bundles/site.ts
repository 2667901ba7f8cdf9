// /site.js, on every page: menus, alert expiry and the form frames (see lib/site-scripts.ts).
import { hideEndedAlerts } from '@/lib/client/alert-expiry'
import { loadFormFrames } from '@/lib/client/form-frames'
import { initMenus } from '@/lib/client/menus'

hideEndedAlerts()
initMenus()
loadFormFrames()
