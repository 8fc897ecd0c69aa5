import { z } from 'zod'
import { emailField, idField, nameField, passwordField } from './common.schema.ts'

export const loginSchema = z.object({
  email: z.string({ error: 'Required' }).trim().min(1, 'Required').max(254),
  password: z.string({ error: 'Required' }).min(1, 'Required').max(200),
})
export type LoginBody = z.infer<typeof loginSchema>

/** Sign-up payload (spec part 2 §3, validations §5). companyId is accepted and ignored: a new company is made. */
export const signupSchema = z.object({
  name: nameField,
  email: emailField,
  password: passwordField,
  phone: z.string({ error: 'Required' }).trim().min(1, 'Required').max(30, 'Too Long!'),
  companyName: nameField,
  planId: idField('Required'),
  companyId: z.unknown().optional(),
})
export type SignupBody = z.infer<typeof signupSchema>
