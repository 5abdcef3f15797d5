// Global stylesheets imported by the layout (Next.js bundles them into a <link>).
declare module '*.css'
