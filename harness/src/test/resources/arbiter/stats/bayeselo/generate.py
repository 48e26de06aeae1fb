import random, math
def game(w,b,r):
    return f'[Event "t"]\n[White "{w}"]\n[Black "{b}"]\n[Result "{r}"]\n\n{r}\n\n'
def write(name, games):
    open(name,'w').write(''.join(game(*g) for g in games))
def sim(rng, players, strength, n, draw=0.3, pairs=None):
    out=[]
    for k in range(n):
        if pairs: w,b = pairs[k % len(pairs)]
        else:
            w,b = rng.sample(players,2)
        d = strength[w]-strength[b]
        e = 1/(1+10**(-d/400))
        pd = draw*2*min(e,1-e)
        u = rng.random()
        r = '1-0' if u < e-pd/2 else ('1/2-1/2' if u < e+pd/2 else '0-1')
        out.append((w,b,r))
    return out
rng = random.Random(20261125)
# 1. three players, a few decisive games and draws
write('three.pgn', [('A','B','1-0'),('B','A','1/2-1/2'),('B','C','1-0'),('C','B','0-1'),('A','C','1-0'),('C','A','1/2-1/2'),('C','A','1-0'),('A','B','0-1')])
# 2. five players with many draws
P=['Ann','Bob','Cid','Dee','Eve']
S={'Ann':120,'Bob':60,'Cid':0,'Dee':-40,'Eve':-150}
write('five-draws.pgn', sim(rng,P,S,200,draw=0.6))
# 3. lopsided: one much stronger player
P=['Strong','W1','W2','W3']
S={'Strong':700,'W1':0,'W2':-20,'W3':30}
write('lopsided.pgn', sim(rng,P,S,120,draw=0.2))
# 4. perfect score: Champ wins all its games
g=[('Champ',o,'1-0') for o in ['X','Y','Z']]*3+[(o,'Champ','0-1') for o in ['X','Y','Z']]*2
g+=sim(rng,['X','Y','Z'],{'X':0,'Y':50,'Z':-50},40,draw=0.4)
write('perfect.pgn', g)
# 5. larger random: 24 players, 3000 games
P=[f'E{i:02d}' for i in range(24)]
S={p: rng.gauss(0,200) for p in P}
write('random24.pgn', sim(rng,P,S,3000,draw=0.35))
