import { Box, Image, Text } from '@chakra-ui/react';
import { CarFront } from 'lucide-react';
import { useState } from 'react';

const SMALL_WORDS = new Set(['the', 'and', '&', 'of', 'a']);

/** Up to two initials of a company name, skipping small words ("The Royal Limo Co." gives "RL"). */
export function companyInitials(name: string): string {
  const words = name.split(/\s+/).filter((w) => w && !SMALL_WORDS.has(w.toLowerCase()) && /[A-Za-z0-9]/.test(w));
  return words
    .slice(0, 2)
    .map((w) => w.replace(/^[^A-Za-z0-9]+/, '')[0]?.toUpperCase() ?? '')
    .join('');
}

/** A hue of its own for each company, stable across visits (FNV-1a of the id). */
export function companyHue(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h >>> 0) % 360;
}

export interface CompanyImageProps {
  company: { id: string; name: string; imageUrl: string | null };
  /** Lazy for the result cards, eager for the profile's header. */
  loading?: 'lazy' | 'eager';
  aspectRatio?: number;
  minH?: string;
}

/**
 * The company's own picture, or (without one, or when it fails to load) a tile of its initials on a
 * colour of its own: every listing looks different, and no stock drawing needs a licence.
 */
export function CompanyImage({ company, loading = 'lazy', aspectRatio, minH }: CompanyImageProps) {
  const [failed, setFailed] = useState(false);
  if (company.imageUrl && !failed) {
    return (
      <Image
        src={company.imageUrl}
        onError={() => setFailed(true)}
        alt={`${company.name} vehicle`}
        aspectRatio={aspectRatio}
        width="100%"
        height={aspectRatio ? undefined : '100%'}
        minH={minH}
        objectFit="cover"
        loading={loading}
      />
    );
  }
  const hue = companyHue(company.id);
  return (
    <Box
      role="img"
      aria-label={`${company.name} logo`}
      data-testid="company-initials"
      aspectRatio={aspectRatio}
      width="100%"
      height={aspectRatio ? undefined : '100%'}
      minH={minH}
      display="flex"
      alignItems="center"
      justifyContent="center"
      position="relative"
      overflow="hidden"
      style={{ background: `linear-gradient(135deg, hsl(${hue} 45% 24%), hsl(${(hue + 40) % 360} 50% 38%))` }}
    >
      <Box position="absolute" right="-4" bottom="-6" color="whiteAlpha.200" aria-hidden="true">
        <CarFront size={140} strokeWidth={1} />
      </Box>
      <Text
        color="white"
        fontSize="5xl"
        fontWeight="bold"
        letterSpacing="wider"
        fontFamily="Georgia, 'Times New Roman', serif"
        aria-hidden="true"
      >
        {companyInitials(company.name)}
      </Text>
    </Box>
  );
}
