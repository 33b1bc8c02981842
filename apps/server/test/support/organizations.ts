import { useTestApp } from '../app';
import { multipartForm } from '../uploads';

/** The app on a fresh database with the request shorthands the organization tests use. */
export async function useOrganizationsApp() {
  const { app, ctx } = await useTestApp();

  const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });
  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  const form = multipartForm;
  return { app, ctx, get, send, form };
}
