import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/app/.data',
      databaseUrl: undefined,
      smtpUrl: undefined,
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      serveWeb: false,
    });
  });

  it('serves the web app in production and derives the public URL from the port', () => {
    const config = loadConfig({ NODE_ENV: 'production', PORT: '8080' }, '/srv/app');
    expect(config.serveWeb).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(path.isAbsolute(config.webDistDir)).toBe(true);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('strips a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://track.example.com/' }).publicUrl).toBe(
      'https://track.example.com',
    );
  });

  it.each([
    ['PORT', 'eighty', 'PORT: must be a number'],
    ['PORT', '70000', 'PORT: must be between 0 and 65535'],
    ['DATABASE_URL', 'mysql://x@y/z', 'DATABASE_URL: must be a URL such as postgres://'],
    ['SMTP_URL', 'not a url', 'SMTP_URL: must be a URL such as smtp://'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL:'],
    ['PUBLIC_URL', 'ftp://x', 'PUBLIC_URL: must be a URL such as https://'],
    ['SERVE_WEB', 'maybe', 'SERVE_WEB: must be true or false'],
  ])('refuses %s=%s with a message naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(/PORT:[\s\S]*LOG_LEVEL:/);
  });
});

describe('DCSA_CARRIERS', () => {
  it('is parsed into carrier connections', () => {
    const config = loadConfig({
      DCSA_CARRIERS: JSON.stringify([
        { scac: 'mscu', eventsUrl: 'https://api.example.com/v2/events', headers: { 'API-Key': 'k' } },
      ]),
    });
    expect(config.dcsaCarriers).toEqual([
      { scac: 'MSCU', eventsUrl: 'https://api.example.com/v2/events', headers: { 'API-Key': 'k' } },
    ]);
  });

  it('stops start-up with a message naming the variable', () => {
    expect(() => loadConfig({ DCSA_CARRIERS: '[{' })).toThrow(/DCSA_CARRIERS:/);
    expect(() => loadConfig({ DCSA_CARRIERS: '[{"scac":"MSCU","eventsUrl":"ftp://x"}]' })).toThrow(
      ConfigError,
    );
  });
});

describe('KARRIO_URL and KARRIO_API_KEY', () => {
  it('are off by default and read together, without a trailing slash', () => {
    expect(loadConfig({}).karrio).toBeNull();
    expect(
      loadConfig({ KARRIO_URL: 'https://karrio.example.com/', KARRIO_API_KEY: ' key_1 ' }).karrio,
    ).toEqual({
      url: 'https://karrio.example.com',
      apiKey: 'key_1',
    });
  });

  it('stop start-up when only one is set or the URL is not one', () => {
    expect(() => loadConfig({ KARRIO_URL: 'https://karrio.example.com' })).toThrow(
      /KARRIO_API_KEY: must be set together with KARRIO_URL/,
    );
    expect(() => loadConfig({ KARRIO_API_KEY: 'key_1' })).toThrow(/KARRIO_URL: must be set together/);
    expect(() => loadConfig({ KARRIO_URL: 'karrio.example.com', KARRIO_API_KEY: 'key_1' })).toThrow(
      /KARRIO_URL: must be a URL/,
    );
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and for false or 0', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('takes a number of proxies or their addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,fd00::/8,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['true', 'TRUE', 'yes'])('refuses %s, saying what to write instead', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
      /TRUST_PROXY: .*write the number of proxies in front of Tracklane \(e\.g\. 1\) or their addresses/,
    );
  });

  it.each(['proxy.internal', '10.0.0.0/33', '10.0.0.1,', '1.2.3.4/8/2'])('refuses %s', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be false, a number/);
  });
});

describe('S3_* (uploaded files)', () => {
  it('keeps files on the local disk unless a bucket is named', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ S3_BUCKET: 'tracklane-files' }).s3).toEqual({
      bucket: 'tracklane-files',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      accessKeyId: undefined,
      secretAccessKey: undefined,
      prefix: '',
    });
  });

  it('names the bucket in the path for another service than AWS, unless told otherwise', () => {
    const minio = {
      S3_BUCKET: 'files',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'tracklane/',
    };
    expect(loadConfig(minio).s3).toMatchObject({ forcePathStyle: true, prefix: 'tracklane/' });
    expect(loadConfig({ ...minio, S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
  });

  it('refuses half a set-up with the setting to fix', () => {
    expect(() => loadConfig({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY: must be set together with S3_ACCESS_KEY_ID/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET: must be set/);
    expect(() => loadConfig({ S3_BUCKET: 'Not A Bucket' })).toThrow(/S3_BUCKET: must be an S3 bucket name/);
    expect(() => loadConfig({ S3_BUCKET: 'files', S3_PREFIX: '/abs' })).toThrow(
      /S3_PREFIX: must be a folder/,
    );
  });
});

describe('SUPPORT_EMAIL and Stripe', () => {
  it('reads the support address, and stores feedback only without one', () => {
    expect(loadConfig({ SUPPORT_EMAIL: ' help@example.com ' }).supportEmail).toBe('help@example.com');
    expect(loadConfig({}).supportEmail).toBeNull();
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not-an-address' })).toThrow(/SUPPORT_EMAIL: must be an e-mail/);
  });

  it('needs the secret key and the webhook secret together', () => {
    expect(loadConfig({}).stripe).toBeNull();
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_API_URL: 'http://127.0.0.1:12111/',
      }).stripe,
    ).toEqual({ secretKey: 'sk_test_abc', webhookSecret: 'whsec_abc', apiUrl: 'http://127.0.0.1:12111' });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: must be set together with STRIPE_SECRET_KEY/,
    );
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }),
    ).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
  });

  describe('SECRETS_KEY', () => {
    const hex = 'a'.repeat(64);
    const base64 = Buffer.alloc(32, 7).toString('base64');

    it('takes 32 bytes as hex or base64, the previous key beside it', () => {
      expect(loadConfig({}).secretsKeys).toBeNull();
      expect(loadConfig({ SECRETS_KEY: hex }).secretsKeys).toEqual({
        current: Buffer.from(hex, 'hex'),
        previous: null,
      });
      expect(loadConfig({ SECRETS_KEY: base64, SECRETS_KEY_PREVIOUS: hex }).secretsKeys).toEqual({
        current: Buffer.alloc(32, 7),
        previous: Buffer.from(hex, 'hex'),
      });
    });

    it.each([
      [{ SECRETS_KEY: 'too-short' }, 'SECRETS_KEY: must be 32 random bytes'],
      [{ SECRETS_KEY: Buffer.alloc(16).toString('base64') }, 'SECRETS_KEY: must be 32 random bytes'],
      [{ SECRETS_KEY: 'a'.repeat(64), SECRETS_KEY_PREVIOUS: 'nope' }, 'SECRETS_KEY_PREVIOUS: must be 32'],
      [
        { SECRETS_KEY_PREVIOUS: 'a'.repeat(64) },
        'SECRETS_KEY_PREVIOUS: must be set together with SECRETS_KEY',
      ],
    ])('refuses %j without repeating the value', (env, message) => {
      let error: unknown;
      try {
        loadConfig(env);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain(message);
      for (const value of Object.values(env)) expect((error as Error).message).not.toContain(value);
    });

    it('allows local carriers outside production unless told otherwise', () => {
      expect(loadConfig({}).carrierAllowLocal).toBe(true);
      expect(loadConfig({ NODE_ENV: 'production' }).carrierAllowLocal).toBe(false);
      expect(
        loadConfig({ NODE_ENV: 'production', CARRIER_CONNECTIONS_ALLOW_LOCAL: 'true' }).carrierAllowLocal,
      ).toBe(true);
    });
  });
});
