// /site.js, on every page: menus and alert expiry (see lib/site-scripts.ts).
import { hideEndedAlerts } from '@/lib/client/alert-expiry'
import { initMenus } from '@/lib/client/menus'

hideEndedAlerts()
initMenus()
