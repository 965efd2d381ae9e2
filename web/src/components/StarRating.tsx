import { HStack } from '@chakra-ui/react';
import { Star } from 'lucide-react';
import { colorValue } from '../theme';

// Hand-drawn rather than Chakra's RatingGroup: that one costs the home page ~3 KB of its first download.

/** §9's words for each rating. */
export const RATING_LABELS: Record<number, string> = { 5: 'Excellent', 4: 'Good', 3: 'Average', 2: 'Poor', 1: 'Terrible' };

/** Five stars filled up to `rating` (rounded to the nearest whole star), read out as "Rated X out of 5". */
export function StarRating({ rating, size = 16 }: { rating: number; size?: number }) {
  const filled = Math.round(rating);
  const [fill, edge, empty] = [colorValue('gold.500'), colorValue('gold.700'), colorValue('gray.400')];
  return (
    <HStack gap="0.5" role="img" aria-label={`Rated ${Number.isInteger(rating) ? rating : rating.toFixed(1)} out of 5`}>
      {[1, 2, 3, 4, 5].map((i) => (
        <Star key={i} size={size} aria-hidden="true" fill={i <= filled ? fill : 'none'} color={i <= filled ? edge : empty} />
      ))}
    </HStack>
  );
}
