// Loader and action shared by "Cadastrar Cliente" (/CustomerForm) and "Informações" (/Informacoes): both
// edit the signed-in shopper's own profile (never another account's: the user comes from the session).
import { data } from 'react-router';
import { authOf, dbOf } from './context.server.ts';
import type { LoadContext } from './context.server.ts';
import { getProfile, saveProfile } from '#src/domain/accounts/profiles.server.ts';
import type { PersonValues } from '../components/PersonForm.tsx';
import { redirectWithFlash } from './flash.server.ts';
import { applyMask } from './masks.ts';
import { parsePersonForm } from './person-form.server.ts';
import { requireUser } from './session.server.ts';

export async function loadProfile(request: Request, url: URL, context: LoadContext) {
  const user = await requireUser(request, url, authOf(context));
  const db = dbOf(context);
  const profile = await getProfile(db, user.id);
  const d = profile?.details;
  const values: PersonValues = {
    nome: profile?.name ?? user.name,
    email: d?.email ?? user.email,
    cpf: d ? applyMask('cpf', d.cpf) : '',
    celular: d ? applyMask('celular', d.phone) : '',
    endereco: d?.street ?? '',
    bairro: d?.district ?? '',
    cidade: d?.city ?? '',
    cep: d ? applyMask('cep', d.cep) : '',
  };
  return { values, complete: !!d, loginEmail: user.email };
}

export async function saveProfileForm(request: Request, url: URL, context: LoadContext, successPath: string) {
  const user = await requireUser(request, url, authOf(context));
  const db = dbOf(context);
  const parsed = parsePersonForm(await request.formData());
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const saved = await saveProfile(db, user.id, parsed.value);
  if (!saved.ok) return data({ errors: { [saved.field]: saved.message } as PersonValues, values: parsed.values }, { status: 409 });
  return redirectWithFlash(successPath, 'perfil');
}
