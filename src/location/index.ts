export {
  UserLocationProvider,
  requestUserPosition,
  useUserLocation,
  type UserLocation,
  type UserLocationState,
} from './UserLocationProvider.tsx'
export { USER_CITY_KEY, USER_CITY_TTL_MS, readCachedUserCity, writeCachedUserCity } from './userCityCache.ts'
export { distanceKm } from './distance.ts'
