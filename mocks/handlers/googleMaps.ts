import { http, HttpResponse } from 'msw'
import { installGoogleMapsDouble } from '../googleMapsDouble/install.ts'
import { configHandlers } from './config.ts'

/** The key the stories' configuration hands out when a story runs the map on Google's code path. */
export const STORY_MAPS_KEY = 'cle-google-maps-storybook'

declare global {
  interface Window {
    __installGoogleMapsDouble?: typeof installGoogleMapsDouble
  }
}

// In Storybook the double's code is part of the story bundle already; the script served at Google's URL only
// hands it the URL the loader requested, as Google's script reads its own (e2e serves the whole double instead).
window.__installGoogleMapsDouble = installGoogleMapsDouble

export const googleMapsHandlers = {
  /**
   * GET /api/config with a Maps key, and https://maps.googleapis.com/maps/api/js answered by the local double:
   * the app then runs src/maps/googleMapsService.ts as with Google.
   */
  double: () => [
    configHandlers.config({ googleMapsApiKey: STORY_MAPS_KEY }),
    http.get(
      'https://maps.googleapis.com/maps/api/js',
      () =>
        new HttpResponse('window.__installGoogleMapsDouble(document.currentScript.src)', {
          headers: { 'content-type': 'text/javascript; charset=utf-8' },
        }),
    ),
  ],
}
