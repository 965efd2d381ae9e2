import { RatingGroup } from '@chakra-ui/react';

/** §9's words for each rating. */
export const RATING_LABELS: Record<number, string> = { 5: 'Excellent', 4: 'Good', 3: 'Average', 2: 'Poor', 1: 'Terrible' };

const STARS = [1, 2, 3, 4, 5];

/**
 * Five stars filled up to `rating` (rounded to the nearest whole star), read out as "Rated X out of 5":
 * Chakra's read-only RatingGroup, shown as one image (its five radios are no stops for the keyboard here).
 */
export function StarRating({ rating, size = 16 }: { rating: number; size?: number }) {
  return (
    <RatingGroup.Root
      readOnly
      count={5}
      value={Math.round(rating)}
      colorPalette="gold"
      role="img"
      aria-label={`Rated ${Number.isInteger(rating) ? rating : rating.toFixed(1)} out of 5`}
    >
      <RatingGroup.Control aria-hidden="true" gap="0.5">
        {STARS.map((index) => (
          <RatingGroup.Item key={index} index={index} tabIndex={-1} fontSize={`${size}px`}>
            <RatingGroup.ItemIndicator />
          </RatingGroup.Item>
        ))}
      </RatingGroup.Control>
    </RatingGroup.Root>
  );
}
