// Breakpoint variables mirror the theme: `md` is the spec's 1024 px mobile breakpoint (spec §9).
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '64em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
      },
      // A library's stylesheet (Swagger UI's) may hold `$words` in its content: left as they are. In
      // our own CSS an unknown variable is a mistake and stops the build.
      unknown(node, name) {
        if (node.source?.input.file?.includes('node_modules')) return;
        throw node.error(`Undefined variable $${name}`);
      },
    },
  },
};
