import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unexpected error';
  return (
    <div className="mx-auto max-w-md p-10 text-center">
      <h1 className="text-lg font-semibold">Something broke on this page</h1>
      <p className="mt-2 text-[13px] text-fg-muted">{message}</p>
      <Link to="/" className="mt-4 inline-block text-accent-400 hover:underline">
        Back to the console
      </Link>
    </div>
  );
}
