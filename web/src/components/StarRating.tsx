import { RatingGroup } from '@chakra-ui/react';

/** §9's words for each rating. */
export const RATING_LABELS: Record<number, string> = { 5: 'Excellent', 4: 'Good', 3: 'Average', 2: 'Poor', 1: 'Terrible' };

const STARS = [1, 2, 3, 4, 5];

/**
 * Five stars filled up to `rating` (rounded to the nearest whole star), read out as "Rated X out of 5":
 * Chakra's RatingGroup, shown as one image (its five radios are hidden and no stops for the keyboard).
 */
export function StarRating({ rating, size = 16 }: { rating: number; size?: number }) {
  return (
    <RatingGroup.Root
      // Disabled rather than read-only: a read-only rating keeps its chosen star focusable, which an image may not hold.
      disabled
      count={5}
      value={Math.round(rating)}
      colorPalette="gold"
      role="img"
      aria-label={`Rated ${Number.isInteger(rating) ? rating : rating.toFixed(1)} out of 5`}
    >
      <RatingGroup.Control aria-hidden="true" gap="0.5">
        {STARS.map((index) => (
          <RatingGroup.Item key={index} index={index} fontSize={`${size}px`}>
            <RatingGroup.ItemIndicator />
          </RatingGroup.Item>
        ))}
      </RatingGroup.Control>
    </RatingGroup.Root>
  );
}
