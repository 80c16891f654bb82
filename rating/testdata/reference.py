# reference.py writes reference.json: periods rated by a second, independent
# reading of Glickman's "Example of the Glicko-2 system" (March 22, 2022),
# without windpost's bounds, for inputs that stay inside them.
# Run: python3 reference.py > reference.json
import json, math, random

SCALE = 173.7178

def g(phi):
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi ** 2)

def expect(mu, muj, phij):
    return 1 / (1 + math.exp(-g(phij) * (mu - muj)))

def rate(r, rd, sigma, games, tau):
    mu, phi = (r - 1500) / SCALE, rd / SCALE
    opp = [((rj - 1500) / SCALE, rdj / SCALE, s) for rj, rdj, s in games]
    v = 1 / sum(g(pj) ** 2 * expect(mu, mj, pj) * (1 - expect(mu, mj, pj)) for mj, pj, _ in opp)
    total = sum(g(pj) * (s - expect(mu, mj, pj)) for mj, pj, s in opp)
    delta = v * total
    a = math.log(sigma * sigma)
    def f(x):
        ex = math.exp(x)
        return ex * (delta ** 2 - phi ** 2 - v - ex) / (2 * (phi ** 2 + v + ex) ** 2) - (x - a) / tau ** 2
    A = a
    if delta ** 2 > phi ** 2 + v:
        B = math.log(delta ** 2 - phi ** 2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        B = a - k * tau
    fA, fB = f(A), f(B)
    while abs(B - A) > 0.000001:
        C = A + (A - B) * fA / (fB - fA)
        fC = f(C)
        if fC * fB <= 0:
            A, fA = B, fB
        else:
            fA /= 2
        B, fB = C, fC
    sigma2 = math.exp(A / 2)
    phistar = math.sqrt(phi ** 2 + sigma2 ** 2)
    phi2 = 1 / math.sqrt(1 / phistar ** 2 + 1 / v)
    mu2 = mu + phi2 ** 2 * total
    return SCALE * mu2 + 1500, SCALE * phi2, sigma2, delta ** 2 > phi ** 2 + v

rnd = random.Random(13)
cases = []
while len(cases) < 40:
    tau = rnd.choice([0.3, 0.5, 0.75, 1.2])
    r, rd, sigma = rnd.uniform(800, 2400), rnd.uniform(40, 340), rnd.uniform(0.03, 0.09)
    games = [(rnd.uniform(800, 2400), rnd.uniform(30, 350), rnd.choice([0, 0.5, 1]))
             for _ in range(rnd.randint(1, 12))]
    r2, rd2, sigma2, upset = rate(r, rd, sigma, games, tau)
    if not (30 <= rd2 <= 350 and 0.001 <= sigma2 <= 0.1 and 100 <= r2 <= 4000):
        continue
    cases.append({"tau": tau, "player": [r, rd, sigma],
                  "games": [list(x) for x in games],
                  "want": [r2, rd2, sigma2], "bracket_from_delta": upset})
print(json.dumps(cases, indent=1))
