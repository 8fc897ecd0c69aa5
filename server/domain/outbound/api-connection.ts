/** The connection whose token authenticated an integrator's call (spec part 2 §7 External). */
export interface ApiConnection {
  id: number
  companyId: number
  channel: 'whatsapp' | 'whatsappapi' | 'facebook' | 'instagram' | 'simulator'
  name: string
}
