export {
  ResponsiveImage,
  type ResponsiveImageProps,
  type ResponsiveImageSource,
  type ResponsiveImageVariant,
} from './ResponsiveImage.tsx'
