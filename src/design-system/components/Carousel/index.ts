export { Carousel, CAROUSEL_INTERVAL, type CarouselProps } from './Carousel.tsx'
