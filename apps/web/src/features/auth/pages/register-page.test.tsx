import { authPaths, type RegisterBody } from '@posada/contracts/auth';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { routePaths } from '../../../config/routes.ts';
import { renderRoute } from '../../../test/render.tsx';
import { refuse, server } from '../../../test/server.ts';

// The API's answer to a code no active advisor has (auth.errors advisorCodeInvalid, in Spanish).
const advisorCodeInvalid = 'El código de asesor no es correcto. Déjalo vacío o introduce un código válido.';

// The first render of a route loads its lazy chunks: slow on a busy machine, so more than the default 5 s.
describe('the register page', { timeout: 20_000 }, () => {
  it('shows the advisor-code error under the field and keeps what was typed', async () => {
    let sent: RegisterBody | null = null;
    server.use(
      http.post(authPaths.register, async ({ request }) => {
        sent = (await request.json()) as RegisterBody;
        return refuse(422, 'auth.advisor_code_invalid', advisorCodeInvalid, {
          advisor_code: [advisorCodeInvalid],
        });
      }),
    );
    const { user } = await renderRoute(routePaths.Register);
    await user.type(await screen.findByLabelText('Nombre y apellidos'), 'Ana Gil');
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana.gil@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'Otra-clave-77');
    await user.type(screen.getByLabelText('Repite la contraseña'), 'Otra-clave-77');
    await user.type(screen.getByLabelText('Teléfono'), '612345678');
    await user.click(screen.getByRole('radio', { name: 'Villa' }));
    await user.click(screen.getByRole('textbox', { name: 'Número de habitaciones' }));
    // jsdom measures nothing, so floating-ui calls the dropdown's anchor hidden (display: none).
    await user.click(screen.getByRole('option', { name: 'De 1 a 4', hidden: true }));
    await user.type(screen.getByLabelText('Código de asesor (opcional)'), 'NO-EXISTE');
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));

    const error = await screen.findByText(advisorCodeInvalid);
    // Under the field: the input names the message as its error.
    const field = screen.getByLabelText<HTMLInputElement>('Código de asesor (opcional)');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(sent).toMatchObject({ advisor_code: 'NO-EXISTE', tipo_hospedaje: 'villa', room_range: '1-4' });
    expect(screen.getByLabelText<HTMLInputElement>('Correo electrónico').value).toBe('ana.gil@example.com');
    expect(screen.getByLabelText<HTMLInputElement>('Nombre y apellidos').value).toBe('Ana Gil');
    expect(field.value).toBe('NO-EXISTE');
  });
});
