import { redirect } from 'react-router';

// The prototype's /ConfirmarCompra was a bare heading; it now leads to the checkout's confirmation step.
export function loader() {
  return redirect('/Checkout?etapa=4');
}
