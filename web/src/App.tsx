import { useEffect, useState } from 'react';

interface Me {
  username: string;
  role: string;
}

/** Placeholder until the public screens land: shows the product is up and who is signed in. */
export function App() {
  const [me, setMe] = useState<Me | null>(null);
  useEffect(() => {
    fetch('/api/me', { credentials: 'include' })
      .then((res) => (res.ok ? res.json() : null))
      .then(setMe)
      .catch(() => setMe(null));
  }, []);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 720, margin: '64px auto', padding: 16 }}>
      <h1>LimoDirectory</h1>
      <p>The nationwide directory of limousine and chauffeur companies is being built. The API is live at <a href="/api/docs">/api/docs</a>.</p>
      <p>{me ? `Signed in as ${me.username} (${me.role}).` : 'You are browsing as a visitor.'}</p>
    </main>
  );
}
