import { z } from 'zod'

/** POST /facebook (spec part 2 §7): what the Facebook login dialog hands the client. */
export const linkFacebookSchema = z.object({
  facebookUserId: z.string().trim().min(1).max(100),
  facebookUserToken: z.string().trim().min(10).max(2000),
  addInstagram: z.boolean().optional(),
})
export type LinkFacebookBody = z.infer<typeof linkFacebookSchema>
