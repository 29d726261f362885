FROM node:20.20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY apps apps
COPY libs libs
COPY bench bench
COPY packages packages
COPY demo demo
RUN npm run build && npm prune --omit=dev

FROM node:20.20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist dist
USER node
EXPOSE 3000
# As package.json's start:api: a 64 MiB young generation (README, Performance).
CMD ["node", "--max-semi-space-size=64", "dist/apps/api/src/main.js"]
