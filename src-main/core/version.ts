import pkg from '../../package.json' with { type: 'json' }

export const REKAP_VERSION: string = pkg.version
