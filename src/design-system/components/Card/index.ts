export { Card, CardActions, CardContent, CardMedia, CardRoot, CardTitle, type CardProps } from './Card.tsx'
