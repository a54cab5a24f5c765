// Lint configuration for the whole package, where ESLint looks for it; run via `npm run lint`.
import figmaPlugin from '@figma/eslint-plugin-figma-plugins'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['build/**', 'node_modules/**', 'test/artifacts/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['src/plugin/main/**/*.ts'],
    plugins: { '@figma/figma-plugins': figmaPlugin },
    languageOptions: { parserOptions: { project: 'tsconfig.json', tsconfigRootDir: import.meta.dirname } },
    rules: { ...figmaPlugin.flatConfigs.recommended.rules }
  },
  {
    // Classic JSX with Preact's `h` (tsconfig.json), so `import { h }` counts as used.
    languageOptions: { parserOptions: { jsxPragma: 'h', jsxFragmentName: 'Fragment' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }]
    }
  }
)
