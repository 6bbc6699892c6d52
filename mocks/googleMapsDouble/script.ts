/**
 * The body of https://maps.googleapis.com/maps/api/js as tests serve it (bundled by e2e/googleMapsDouble.ts):
 * the script installs the double from its own URL, as Google's reads its parameters.
 */
import { installGoogleMapsDouble } from './install.ts'

const script = document.currentScript as HTMLScriptElement | null
if (!script) throw new Error('The Google Maps double runs as a classic script')
installGoogleMapsDouble(script.src)
