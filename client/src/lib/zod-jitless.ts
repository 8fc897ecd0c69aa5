import { z } from 'zod'

// The page's policy allows no eval (server/middleware/security-headers.ts). zod probes for it with
// Function('') on its first parse and the browser reports each probe as a violation, so it is told not to
// try. Imported first by main.tsx: some modules parse while they load.
z.config({ jitless: true })
