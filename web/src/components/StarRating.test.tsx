import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StarRating } from './StarRating';
import { renderAt } from '../test/render';

describe('StarRating', () => {
  it('reads as one image "Rated X out of 5" and fills the stars up to the rating rounded to a whole star', async () => {
    renderAt(<StarRating rating={3.6} />);
    const stars = await screen.findByRole('img', { name: 'Rated 3.6 out of 5' });
    expect(stars.querySelectorAll('svg')).toHaveLength(5);
    expect(stars.querySelectorAll('svg[fill]:not([fill="none"])')).toHaveLength(4);
  });

  it('says a whole rating without a decimal, and is no stop for the keyboard', async () => {
    renderAt(<StarRating rating={5} />);
    const stars = await screen.findByRole('img', { name: 'Rated 5 out of 5' });
    // Not even tabindex=-1: axe counts any focusable part inside an image as nested interactive.
    expect(stars.querySelectorAll('[tabindex]')).toHaveLength(0);
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
