import { Skeleton } from '@chakra-ui/react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyWithReload } from '../../lib/chunks';

// The form's code (react-hook-form, zod, the resolver) is the page's largest part and sits below the
// fold: it is fetched only when its section comes near the screen, never before the page shows.
const ReviewForm = lazyWithReload<{ companyId: string }>(() => import('./ReviewForm').then((m) => ({ default: m.ReviewForm })));

/** How far below the screen the form starts loading, so it is there when the visitor scrolls to it. */
const LOAD_MARGIN = '600px';

/**
 * Write a Review, loaded on demand. The server and the first (hydrating) render draw a placeholder,
 * so the markup matches; a browser without IntersectionObserver loads the form at once.
 */
export function DeferredReviewForm({ companyId }: { companyId: string }) {
  const [wanted, setWanted] = useState(false);
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = placeholder.current;
    if (wanted || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setWanted(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setWanted(true), {
      rootMargin: LOAD_MARGIN,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [wanted]);

  const skeleton = <Skeleton ref={placeholder} height="64" />;
  if (!wanted) return skeleton;
  return (
    <Suspense fallback={<Skeleton height="64" />}>
      <ReviewForm companyId={companyId} />
    </Suspense>
  );
}
