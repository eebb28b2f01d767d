import { data } from 'react-router';

// Every unknown URL (and the prototype's /Error) answers the 404 page with HTTP status 404.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}
