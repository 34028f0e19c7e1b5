import re,sys,math
def scores(f):
    d={}
    for l in open(f):
        m=re.match(r'game [BY]?(\d+): (\d+)-(\d+) ',l)
        if m:
            b,y=int(m[2]),int(m[3]); d[int(m[1])]=1.0 if b>y else 0.5 if b==y else 0.0
    return d
h=scores(sys.argv[1])
for f in sys.argv[2:]:
    s=scores(f); ks=sorted(set(h)&set(s)); n=len(ks)
    diffs=[s[k]-h[k] for k in ks]; mu=sum(diffs)/n
    sd=math.sqrt(sum((x-mu)**2 for x in diffs)/(n-1)); half=1.96*sd/math.sqrt(n)
    print(f"{f}: n={n} MCTS {100*sum(s[k] for k in ks)/n:.2f}% hard {100*sum(h[k] for k in ks)/n:.2f}% diff {100*mu:+.2f} ({100*(mu-half):+.1f} to {100*(mu+half):+.1f})")
